/* window.app: the documented automation hook for tests and scripts (the UI does not use
   it; README.md "The app" lists it).
     await app.ready              Python and pysolver are loaded (NumPy and SciPy when first needed)
     app.solverBoot               "restored" when Python's start came from this device's kept
                                  snapshot, "fresh" when it ran (see worker.js), null before ready
     await app.load(jsonOrLink)   open a puzzle (object, JSON text, link or other format)
     await app.solve({method, timeout, unique})  -> the object of `pysolver solve --json`
     await app.check(), app.undo(), app.redo(), app.cancel()
     await app.hint()             one press further: {cells, lines, message, applied, step}
     await app.replay()           -> true when it ran to the end; app.stopReplay()
     app.state()                  {puzzle, progress, key, link, solved, canUndo, canRedo, time}
                                  (time: ms on the play page's timer)
     app.cellCenter(r, c)         CSS pixel position of a cell's centre in the canvas
     app.view()                   {scale (CSS px per cell), width, height, layout, pending,
                                  brokenLines} of the board (pending: a redraw is scheduled for the
                                  next frame; brokenLines: the [kind, index] lines "Show errors"
                                  marks, null when it is off or the family has none; clueStrips:
                                  the pinned clue strips in CSS px, see Board.clueStripsPx)
     app.design                   the drawing maker: .state(), .cellCenter(r, c), .check(), .setTool(key)
     app.editor                   "Enter a puzzle": .state() (the puzzle JSON being entered, null when
                                  the editor is not shown), .draft(), .problems(), .highlight() (the
                                  cells and lines outlined by a check), .shown() (the solution of the
                                  two a check found drawn on the board, or null), .check(),
                                  .cellCenter(r, c), .setColour(key)
     await app.call(cmd, args)    a raw worker request (see pysolver/webapi.py) */

export function installHook(ctx) {
  const { state, solver, play, actions, replay, routing, designer } = ctx;
  const board = play.board;
  function snapshot() {
    return state.puzzle ? { puzzle: state.puzzle, progress: state.history.present, key: state.key,
      link: state.link, solved: !!state.history.solved, solvedBy: play.solvedStatus() || null,
      canUndo: state.history.past.length > 0,
      canRedo: state.history.future.length > 0, tool: state.tool, time: play.timer.elapsed() } : { puzzle: null };
  }
  window.app = {
    load: async (x) => { await routing.load(x); return snapshot(); },
    solve: actions.solve, check: actions.check, hint: actions.hint, undo: play.undo, redo: play.redo,
    share: routing.share, replay: replay.replay, recordReplay: replay.record, stopReplay: replay.stopAndSay,
    cancel: () => solver.cancel(),
    state: snapshot,
    cellCenter: (r, c) => board.cellCenter(r, c),
    view: () => ({ scale: board.scale, width: board.cw, height: board.ch, layout: board.layout,
                   pending: board.pending, brokenLines: play.brokenLines(), clueStrips: board.clueStripsPx() }),
    setTool: play.setTool,
    design: {
      state: () => designer.state(), cellCenter: (r, c) => designer.cellCenter(r, c),
      check: () => designer.check(), setTool: (k) => designer.setTool(k),
    },
    editor: {
      state: () => ctx.editor.state(), draft: () => ctx.editor.draft(), problems: () => ctx.editor.problems(),
      highlight: () => ctx.editor.highlight(), shown: () => ctx.editor.shown(), check: () => ctx.editor.check(),
      cellCenter: (r, c) => ctx.editor.cellCenter(r, c),
      setColour: (k) => ctx.editor.setColour(k),
    },
    call: (cmd, args) => solver.call(cmd, args),
    get solverState() { return solver.state; },
    get solverBoot() { return solver.boot; },
  };
  Object.defineProperty(window.app, "ready", { get: () => solver.ready });
}
