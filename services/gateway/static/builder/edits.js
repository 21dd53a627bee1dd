// The changes a user makes to placements, each a function of the state (a copy the history keeps), with
// positions kept inside their page. `where(placement)` says where a placement shows (its page, box and the
// page's size); a placement moved off its {{token}} takes the token's place as coordinates.
import { align, distribute } from './align.js';
import { FIELD_BOX, boxOf, isStamp, newPlacementId } from './model.js';

const MIN_SIZE = 4;
const clamp = (value, low, high) => Math.min(Math.max(value, low), Math.max(low, high));

/** Fixes a placement's box inside its page (its token becomes coordinates: it no longer sits on the token). */
function settle(placement, position, left, top) {
  const box = boxOf(placement);
  placement.token = null;
  placement.page = position.page.index;
  placement.left = clamp(left, 0, position.page.size.width - box.width);
  placement.top = clamp(top, 0, position.page.size.height - box.height);
}

export function createEdits(where) {
  const each = (state, ids, act) => {
    for (const placement of state.placements.filter((candidate) => ids.includes(candidate.id))) {
      const position = where(placement);
      if (position) act(placement, position);
    }
  };
  return {
    /** A new placement of `type` for a recipient, centred on a point of a page (points); answers its id. */
    add(state, { type, recipientKey, documentKey, page, x, y, token = null }) {
      const placement = {
        id: newPlacementId(), document_key: documentKey, recipient_key: recipientKey, type, page: token ? null : page.index, left: 0, top: 0,
        width: isStamp(type) ? null : FIELD_BOX.width, height: isStamp(type) ? null : FIELD_BOX.height, token,
        name: '', required: type !== 'CHECKBOX', readonly: false, default_value: '', options: '', pattern: '', min: '', max: ''
      };
      if (!token) {
        const box = boxOf(placement);
        settle(placement, { page }, x - box.width / 2, y - box.height / 2);
      }
      state.placements.push(placement);
      return placement.id;
    },
    moveBy(state, ids, dx, dy) {
      each(state, ids, (placement, position) => settle(placement, position, position.left + dx, position.top + dy));
    },
    moveTo(state, id, { left, top }) {
      each(state, [id], (placement, position) => settle(placement, position, left ?? position.left, top ?? position.top));
    },
    /** Grows or shrinks fields (the stamps keep their fixed box), within their page. */
    resizeBy(state, ids, dw, dh) {
      each(state, ids, (placement, position) => {
        if (isStamp(placement.type)) return;
        this.resizeTo(state, placement.id, { width: position.width + dw, height: position.height + dh });
      });
    },
    resizeTo(state, id, { width, height }) {
      each(state, [id], (placement, position) => {
        if (isStamp(placement.type)) return;
        settle(placement, position, position.left, position.top);
        placement.width = clamp(width ?? position.width, MIN_SIZE, position.page.size.width - placement.left);
        placement.height = clamp(height ?? position.height, MIN_SIZE, position.page.size.height - placement.top);
      });
    },
    remove(state, ids) {
      state.placements = state.placements.filter((placement) => !ids.includes(placement.id));
    },
    /** Copies of the placements, a little below and to the right of them, without their names (names are unique). */
    duplicate(state, ids) {
      const copies = [];
      each(state, ids, (placement, position) => {
        const copy = { ...structuredClone(placement), id: newPlacementId(), name: '' };
        settle(copy, position, position.left + 10, position.top + 10);
        copies.push(copy);
      });
      state.placements.push(...copies);
      return copies.map((copy) => copy.id);
    },
    arrange(state, ids, how) {
      const boxes = [];
      each(state, ids, (placement, position) => boxes.push({ id: placement.id, left: position.left, top: position.top, width: position.width, height: position.height }));
      const moved = how.startsWith('distribute-') ? distribute(boxes, how.slice('distribute-'.length)) : align(boxes, how);
      for (const box of moved) this.moveTo(state, box.id, box);
    }
  };
}
