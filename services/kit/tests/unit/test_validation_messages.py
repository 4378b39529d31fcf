"""A request that does not fit its shape is answered with each field's message, its bound written in."""
from decimal import Decimal

import pytest
from pydantic import BaseModel, Field

from kit.testing.unit import refusal


class Shape(BaseModel):
    permanence: Decimal = Field(ge=0)
    column: int = Field(lt=24)
    count: int = Field(gt=0)


@pytest.mark.parametrize(("data", "lang", "field", "message"), [
    ({"permanence": "-1", "column": 1, "count": 1}, "es", "permanence", "Asegúrese de que este valor sea mayor o igual a 0."),
    ({"permanence": "-1", "column": 1, "count": 1}, "en", "permanence", "Ensure this value is greater than or equal to 0."),
    ({"permanence": "1", "column": 24, "count": 1}, "es", "column", "Asegúrese de que este valor sea menor que 24."),
    ({"permanence": "1", "column": 1, "count": 0}, "en", "count", "Ensure this value is greater than 0."),
])
def test_a_bound_is_written_into_its_message_in_the_language_asked(data, lang, field, message):
    assert refusal(Shape, data, lang) == {field: [message]}
