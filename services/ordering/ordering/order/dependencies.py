"""What an endpoint is given to change order lines: a unit of work on the request's session, from
the app's `LineWorks` (`ordering.main.build_app` keeps it in `app.state.line_works`)."""
from typing import Annotated

from fastapi import Depends, Request

from kit.db import SessionDep
from ordering.order.work import LineWork


def line_work(request: Request, session: SessionDep) -> LineWork:
    return request.app.state.line_works.begin(session)


LineWorkDep = Annotated[LineWork, Depends(line_work)]
