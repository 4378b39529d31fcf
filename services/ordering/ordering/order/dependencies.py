"""What an endpoint is given to change order lines: a unit of work on the request's session, from
the app's `LineWorks` (`ordering.main.build_app` keeps it in `app.state.line_works`)."""
from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request

from kit.db import SessionDep
from ordering.order.work import LineWork


async def line_work(request: Request, session: SessionDep) -> AsyncIterator[LineWork]:
    # written when the endpoint returns, before the request's session commits (it closes after)
    async with request.app.state.line_works.begin(session) as work:
        yield work


LineWorkDep = Annotated[LineWork, Depends(line_work, scope="function")]
