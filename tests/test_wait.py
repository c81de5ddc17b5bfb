"""The suite's bounded wait: it returns what the condition gave, fails naming what it awaited and what
it saw, stretches every bound by CHAIGAMES_TEST_TIMEOUT_SCALE, and wakes early on news."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.wait import SCALE_VARIABLE, TimedOut, scaled, until, until_blocking, woken_by


async def test_until_returns_the_conditions_value_once_it_holds():
    looks = iter([None, 0, "", "there"])
    assert await until(lambda: next(looks), "the third look") == "there"


async def test_a_timeout_names_what_was_awaited_and_what_was_seen(monkeypatch):
    monkeypatch.setenv(SCALE_VARIABLE, "1")
    with pytest.raises(TimedOut, match=r"(?s)timed out after 0.05 s waiting for the results screen; seen:\nthe menu"):
        await until(lambda: False, "the results screen", timeout=0.05, seen=lambda: "the menu")


def test_the_scale_stretches_every_bound(monkeypatch):
    monkeypatch.setenv(SCALE_VARIABLE, "3")
    assert scaled(2.0) == 6.0
    started = time.monotonic()
    with pytest.raises(TimedOut, match=r"after 0\.06 s"):
        until_blocking(lambda: False, "nothing", timeout=0.02)
    assert time.monotonic() - started >= 0.06
    monkeypatch.setenv(SCALE_VARIABLE, "0")
    with pytest.raises(ValueError, match=SCALE_VARIABLE):
        scaled(1.0)
    monkeypatch.delenv(SCALE_VARIABLE)
    assert scaled(2.0) == 2.0


async def test_a_hopeless_wait_ends_at_once_and_says_so():
    started = time.monotonic()
    with pytest.raises(TimedOut, match="gave up waiting for the prompt"):
        await until(lambda: False, "the prompt", timeout=30, hopeless=lambda: True)
    assert time.monotonic() - started < 5


async def test_woken_by_an_event_the_wait_ends_before_its_pause():
    news = asyncio.Event()
    arrived: list[str] = []

    async def deliver() -> None:
        await asyncio.sleep(0)
        arrived.append("bytes")
        news.set()

    task = asyncio.create_task(deliver())
    started = time.monotonic()
    await until(lambda: arrived, "the bytes", rest=woken_by(news), every=30)
    assert time.monotonic() - started < 5  # a rest of 30 s, ended by the news
    await task
