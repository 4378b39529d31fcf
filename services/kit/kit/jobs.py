"""Jobs a service runs in the background for as long as the process runs: a round every so many
seconds. Started from the service's start-up hook and stopped from its shutdown hook
(`create_app(on_startup=[...], on_shutdown=[...])`)."""
import asyncio
from collections.abc import Awaitable, Callable

import structlog

log = structlog.get_logger()


def every(seconds: float, job: Callable[[], Awaitable[object]], /, *, name: str, failed: str, **context) -> asyncio.Task:
    """Start the task `name`: `job()` every `seconds`, the first after `seconds`. A round that
    fails is logged as `failed` (with `context`) and does not end the job: the next one tries again."""
    return asyncio.create_task(_rounds(seconds, job, failed, context), name=name)


async def _rounds(seconds: float, job: Callable[[], Awaitable[object]], failed: str, context: dict) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await job()
        except Exception:  # noqa: BLE001  (the next round tries again)
            log.exception(failed, **context)


async def stop(task: asyncio.Task | None) -> None:
    """Cancel a job and wait until it has ended (None: the job was never started)."""
    if task is None:
        return
    task.cancel()
    # gather, not a bare await: the job's cancellation ends here, the caller's own still reaches it.
    await asyncio.gather(task, return_exceptions=True)
