// Aligning and distributing boxes ({id, left, top, width, height} in points): the new left and top of each.

/** Lines the boxes up on one edge or centre of the box around them all. */
export function align(boxes, edge) {
  const left = Math.min(...boxes.map((box) => box.left));
  const right = Math.max(...boxes.map((box) => box.left + box.width));
  const top = Math.min(...boxes.map((box) => box.top));
  const bottom = Math.max(...boxes.map((box) => box.top + box.height));
  const place = {
    left: (box) => ({ left, top: box.top }),
    right: (box) => ({ left: right - box.width, top: box.top }),
    top: (box) => ({ left: box.left, top }),
    bottom: (box) => ({ left: box.left, top: bottom - box.height }),
    'centre-horizontal': (box) => ({ left: (left + right) / 2 - box.width / 2, top: box.top }),
    'centre-vertical': (box) => ({ left: box.left, top: (top + bottom) / 2 - box.height / 2 })
  }[edge];
  return boxes.map((box) => ({ id: box.id, ...place(box) }));
}

/** Spaces the boxes evenly between the first and the last along one axis (those two stay). */
export function distribute(boxes, axis) {
  const start = axis === 'horizontal' ? 'left' : 'top';
  const size = axis === 'horizontal' ? 'width' : 'height';
  const sorted = [...boxes].sort((a, b) => a[start] - b[start]);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const taken = sorted.reduce((sum, box) => sum + box[size], 0);
  const gap = (last[start] + last[size] - first[start] - taken) / (sorted.length - 1);
  let cursor = first[start];
  return sorted.map((box) => {
    const moved = { id: box.id, left: box.left, top: box.top, [start]: cursor };
    cursor += box[size] + gap;
    return moved;
  });
}
