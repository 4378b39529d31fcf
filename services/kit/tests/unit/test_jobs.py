"""kit.jobs, the periodic background job billing and notifications run: a round that fails does not
end it, and stopping it ends it for good."""
import asyncio

from kit import jobs


async def test_a_failing_round_does_not_end_the_job_and_stop_ends_it():
    rounds = 0

    async def job() -> None:
        nonlocal rounds
        rounds += 1
        if rounds == 1:
            raise RuntimeError("the first round fails")

    task = jobs.every(0.01, job, name="test-job", failed="test_job_failed")
    async with asyncio.timeout(5):
        while rounds < 3:
            await asyncio.sleep(0.01)
    await jobs.stop(task)
    assert task.cancelled() and task.get_name() == "test-job"
    stopped_at = rounds
    await asyncio.sleep(0.05)
    assert rounds == stopped_at
    await jobs.stop(None)  # a job that was never started
