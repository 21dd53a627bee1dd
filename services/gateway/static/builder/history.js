// Undo and redo: the whole editing state as one snapshot per change (small: documents' bytes are kept apart).
// `revision` counts changes, undone and redone ones included, so the host knows something moved.

const LIMIT = 200;

export function createHistory(initial) {
  let current = structuredClone(initial);
  const past = [];
  const future = [];
  let revision = 0;
  return {
    get state() {
      return current;
    },
    get revision() {
      return revision;
    },
    canUndo: () => past.length > 0,
    canRedo: () => future.length > 0,
    /** Applies `edit` to a copy of the state; the copy becomes the state, the old one goes to the past. */
    change(edit) {
      const next = structuredClone(current);
      edit(next);
      past.push(current);
      if (past.length > LIMIT) past.shift();
      future.length = 0;
      current = next;
      revision += 1;
    },
    undo() {
      if (past.length === 0) return false;
      future.push(current);
      current = past.pop();
      revision += 1;
      return true;
    },
    redo() {
      if (future.length === 0) return false;
      past.push(current);
      current = future.pop();
      revision += 1;
      return true;
    }
  };
}
