// A turn of the event loop: the audit's long loops give it back this often, so the process keeps
// answering other requests (GET health among them) while a month is replayed.
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

// Records replayed between two turns: a few milliseconds of work, some 10 ms on a busy machine.
export const RECORDS_PER_TURN = 200;
