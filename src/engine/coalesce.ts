/**
 * Gathers the calls made during one turn of the event loop into one batch. Webhook answers and
 * finished jobs arrive a few dozen per turn under load; one statement for all of them costs
 * little more than one for each, and each write statement on its own is a commit.
 *
 * `run` answers one result per item, in order. A batch is cut at `max` items (the databases'
 * limits on bound parameters); when `run` throws, every call of that batch rejects with it.
 */
export function coalesce<T, R>(
  run: (items: readonly T[]) => Promise<readonly R[]>,
  max = 500,
): (item: T) => Promise<R> {
  let pending: Array<{ item: T; resolve: (r: R) => void; reject: (e: unknown) => void }> = [];
  const flush = () => {
    const batch = pending;
    pending = [];
    for (let i = 0; i < batch.length; i += max) {
      const part = batch.slice(i, i + max);
      run(part.map((p) => p.item)).then(
        (results) => {
          for (const [j, p] of part.entries()) p.resolve(results[j] as R);
        },
        (err: unknown) => {
          for (const p of part) p.reject(err);
        },
      );
    }
  };
  return (item) =>
    new Promise<R>((resolve, reject) => {
      // setImmediate runs after this turn's I/O callbacks: the answers that arrived together.
      if (pending.length === 0) setImmediate(flush);
      pending.push({ item, resolve, reject });
    });
}
