"""Many unreadable saves make one notification over the Continue list, not one each."""

from __future__ import annotations

from chaigames.saves import SaveStore
from tests.pilot import wait_for


async def test_thirty_saves_moved_aside_make_one_summary(make_app):
    store = SaveStore()
    store.saves.mkdir(parents=True)
    for i in range(30):
        (store.saves / f"broken-{i}.json").write_text("{not json")
    app = make_app()
    said: list[str] = []
    async with app.run_test() as pilot:
        app.notify = lambda message, **kw: said.append(message)  # type: ignore[method-assign]
        app.call_later(app.open_continue)
        await wait_for(pilot, lambda: app.screen.__class__.__name__ == "ContinueScreen", "the Continue list")
    assert len(said) == 1 and "30 saves" in said[0] and "moved aside" in said[0]
    assert len(list(store.aside.glob("*.json"))) == 30
