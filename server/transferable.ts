/**
 * The buffers among `arrays` that postMessage may move instead of copy: only those an array covers
 * whole (a slice of Node's shared Buffer pool must be copied, or the pool would go with it), each
 * once. A moved buffer is gone from the sender, so only pass arrays the sender is done with.
 */
export function transferable(arrays: ArrayBufferView[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const a of arrays) {
    const b = a.buffer;
    if (b instanceof ArrayBuffer && a.byteOffset === 0 && a.byteLength === b.byteLength && b.byteLength > 0) out.add(b);
  }
  return [...out];
}
