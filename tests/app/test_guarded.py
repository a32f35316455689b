"""app.shell.thinking.guarded: a background task's error reaches the page's report."""

from __future__ import annotations

import asyncio

import pytest
from app_helpers import run_coroutine

from app.shell.thinking import guarded


async def _boom() -> None:
    raise ValueError("lost link")


async def _fine() -> None:
    await asyncio.sleep(0)


def test_an_error_goes_to_the_report_and_a_success_says_nothing() -> None:
    said: list[BaseException] = []
    run_coroutine(guarded(_boom(), said.append))
    run_coroutine(guarded(_fine(), said.append))
    assert [type(e) for e in said] == [ValueError]
    assert str(said[0]) == "lost link"


def test_a_cancellation_is_not_an_error() -> None:
    said: list[BaseException] = []

    async def main() -> None:
        task = asyncio.ensure_future(guarded(asyncio.sleep(10), said.append))
        await asyncio.sleep(0)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    run_coroutine(main())
    assert said == []
