"""The library's cards (picture, grade, status, filters) and the puzzles of the day with
their streak, in the browser."""
import datetime

import pytest

from helpers import drag, open_app, wait_ready

pytestmark = pytest.mark.browser

WEDNESDAY = datetime.datetime(2026, 11, 25, 12, 0)


def test_cards_show_grade_and_status_and_filter_by_grade(context, server):
    page = open_app(context, server.url)
    wait_ready(page)
    cards = page.locator("#library-list a.card")
    assert cards.count() > 20
    grades = set(page.eval_on_selector_all("#library-list a.card", "as => as.map(a => a.dataset.difficulty)"))
    assert {"easy", "tough"} <= grades and grades <= {"easy", "medium", "hard", "tough", "fiendish"}
    first = cards.first
    assert first.locator(".kind").text_content().endswith(" · " + first.get_attribute("data-difficulty"))
    page.wait_for_function("document.querySelector('#library-list a.card').dataset.status === 'new'")
    # a big puzzle file's card (fetched once the solver is ready: the solver's download
    # goes first) is drawn too
    big = page.eval_on_selector_all("#library-list a.card", "as => as.filter(a => +a.dataset.bytes > 32768).length")
    assert big >= 1
    page.eval_on_selector_all("#library-list a.card", "as => as.find(a => +a.dataset.bytes > 32768).scrollIntoView()")
    page.wait_for_function("""[...document.querySelectorAll('#library-list a.card')]
        .find(a => +a.dataset.bytes > 32768).dataset.status === 'new'""")
    page.evaluate("window.scrollTo(0, 0)")
    # A grade chosen: only its cards; with a family too, both apply.
    page.click("#library-grades button[data-value='4']")
    assert set(page.eval_on_selector_all("#library-list a.card", "as => as.map(a => a.dataset.difficulty)")) == {"tough"}
    page.click("#library-filters button[data-value='hungrycat']")     # (the library has no tough one)
    assert page.locator("#library-rules").text_content().startswith("Hungry Cat Picross: ")
    assert cards.count() == 0 and page.locator("#library-empty").is_visible()
    page.click("#library-grades button[data-value='all']")
    assert cards.count() > 5 and page.locator("#library-empty").is_hidden()
    # Played: the card says so, with the board's picture drawn.
    title = cards.first.get_attribute("data-title")
    cards.first.click()
    page.wait_for_function("app.state().puzzle !== null")
    page.evaluate("app.hint()"); page.evaluate("app.hint()"); page.evaluate("app.hint()")
    page.click("#home-link")
    card = page.locator(f"#library-list a.card[data-title='{title}']")
    page.wait_for_function(f"document.querySelector(\"#library-list a.card[data-title='{title}']\").dataset.status === 'started'")
    assert card.locator(".status").text_content() == "in progress"
    drawn = page.evaluate(f"""(() => {{ const c = document.querySelector("#library-list a.card[data-title='{title}'] canvas");
        const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) n += d[i] > 0; return n; }})()""")
    assert drawn > 100
    # Solved by the player (with hints: no best time is kept for such a solve)
    card.click()
    page.wait_for_function("app.state().puzzle !== null && !document.getElementById('play').hidden")
    for _ in range(300):
        if page.evaluate("app.state().solved"):
            break
        page.evaluate("app.hint()")
    page.keyboard.press("Escape")                   # (the win screen)
    page.click("#home-link")
    page.wait_for_function(f"document.querySelector(\"#library-list a.card[data-title='{title}']\").dataset.status === 'player'")
    assert card.locator(".status").text_content() == "✓ solved"


def paint(page, grid):
    """The player paints `grid` on a Hungry Cat board: each row's runs of one colour
    dragged with that colour's tool (it was 600 hints, half this file's time)."""
    for r, row in enumerate(grid):
        c = 0
        while c < len(row):
            end = c
            while end + 1 < len(row) and row[end + 1] == row[c]:
                end += 1
            page.evaluate(f"app.setTool({row[c]!r})")
            drag(page, [[r, k] for k in range(c, end + 1)])
            c = end + 1


def test_the_puzzle_of_the_day_is_the_same_again_and_a_solve_starts_a_streak(context, server):
    page = context.new_page()
    page.clock.set_fixed_time(WEDNESDAY)
    page.goto(server.url)
    page.wait_for_function("window.app !== undefined")
    wait_ready(page)
    assert page.locator("#daily-streak").text_content() == "Solve one a day to start a streak."
    # each button says what today's puzzle is: its size and the weekday's grade
    assert page.locator("#daily-hungrycat .daily-kind").text_content() == "12×12 · medium"
    page.click("#daily-hungrycat")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.title.endsWith('of the day, 25 November 2026')",
                           timeout=60_000)
    first = page.evaluate("app.state().puzzle")
    assert (first["width"], first["height"], first["grade"]) == (12, 12, 2)    # Wednesday: medium
    page.click("#home-link")
    page.click("#daily-hungrycat")
    page.wait_for_function("app.state().puzzle !== null && !document.getElementById('play').hidden")
    assert page.evaluate("app.state().puzzle") == first
    # Solved by the player (painted run by run, as a player drags): a streak of one day.
    paint(page, page.evaluate("app.call('solve', {puzzle: app.state().puzzle})")["solution"]["grid"])
    assert page.evaluate("app.state().solvedBy") == "player"
    # the win screen tells the streak, and Next is today's puzzle of the next family
    page.wait_for_selector("#win[open]")
    assert page.text_content("#win-streak") == "Puzzle of the day · streak: 1 day in a row"
    page.wait_for_function("document.getElementById('win-next-name').textContent !== ''")
    assert page.text_content("#win-next-name") == "Next: today's Link-a-Pix"
    page.keyboard.press("Escape")
    page.click("#home-link")
    assert page.locator("#daily-streak").text_content() == "Streak: 1 day in a row."
    assert page.locator("#daily-hungrycat .daily-name").text_content() == "Hungry Cat Picross ✓"
    # Next, from a win screen of the day's puzzle, makes the next family's of the day
    page.click("#daily-hungrycat")
    page.wait_for_function("app.state().puzzle !== null && !document.getElementById('play').hidden")
    page.evaluate("app.undo()")
    page.evaluate("app.redo()")                     # (solved again: the win screen again)
    page.wait_for_selector("#win[open]")
    page.wait_for_function("document.getElementById('win-next-name').textContent !== ''")
    page.click("#win-next")
    page.wait_for_function("app.state().puzzle && app.state().puzzle.type === 'linkapix'", timeout=60_000)
    assert page.evaluate("app.state().puzzle.title") == "Link-a-Pix of the day, 25 November 2026"
    # The streak's count: days in a row up to today, or up to yesterday while today's wait.
    counts = page.evaluate("""async () => {
        const { streak } = await import('./js/daily.js');
        const s = { '2026-11-25': ['a'], '2026-11-24': ['b'], '2026-11-23': ['a'], '2026-11-21': ['a'] };
        const y = { '2026-11-24': ['b'], '2026-11-23': ['a'] };
        return [streak(s, '2026-11-25'), streak(y, '2026-11-25'), streak(y, '2026-11-26'), streak({}, '2026-11-25')];
    }""")
    assert counts == [3, 2, 0, 0]
    # ... and in words: a streak that ended is said, and the best run when it was longer
    words = page.evaluate("""async () => {
        const { streakWords } = await import('./js/daily.js');
        const s = { '2026-11-25': ['a'], '2026-11-24': ['b'], '2026-11-20': ['a'], '2026-11-19': ['a'], '2026-11-18': ['a'] };
        return [streakWords(s, '2026-11-25'), streakWords(s, '2026-11-27'), streakWords(s, '2026-11-22'),
                streakWords({}, '2026-11-25'), streakWords({ '2026-11-25': ['a'] }, '2026-11-25')];
    }""")
    assert words == ["Streak: 2 days in a row. Your best: 3 days.",
                     "Your streak of 2 days ended on 25 November: solve one today to start again. Your best: 3 days.",
                     "Your streak of 3 days ended on 20 November: solve one today to start again.",
                     "Solve one a day to start a streak.", "Streak: 1 day in a row."]
