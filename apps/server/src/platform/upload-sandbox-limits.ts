// The caps every uploaded file is read under (decision 039). Shared by the sandbox (time and
// memory, enforced from outside the reader) and the readers themselves (decoded bytes, pages,
// pixels, enforced as they read).

// CPU time a reader may spend on one file (not counting the time it waits in the queue). Wall time
// is not the measure: on a busy machine a low-priority reader gets a tenth of a core, so an honest
// file may take ten times its CPU in wall time (see READER_STALL_MS and READER_WALL_FACTOR).
// Our own two-page notices read in about 50 ms; 5 s is a hundred times that.
export const READ_TIME_LIMIT_MS = 5_000;
// Photos decode in pure JavaScript (a 4-megapixel JPEG takes one to two seconds), so they get longer.
export const IMAGE_READ_TIME_LIMIT_MS = 10_000;

// A reader that uses no CPU for this long while it holds a file is stuck (waiting on nothing), and
// is stopped: a starved reader still gets a slice of a core every scheduler period, so it is not.
export const READER_STALL_MS = 30_000;
// The last backstop, for a reader whose CPU cannot be read (no /proc) or that creeps along: its
// wall time may run to this many times its CPU limit, at least a minute (issue 38: a valid 10,000-
// record ACDV file was refused on a busy machine by a backstop of twice its limit).
export const READER_WALL_FACTOR = 20;
export const READER_WALL_MIN_MS = 60_000;

// One reader process's memory: its JavaScript heap (V8 stops it beyond this) and its resident size
// as the operating system sees it (buffers outside the heap included), polled while it reads.
export const READER_HEAP_MB = 256;
export const READER_RSS_LIMIT_MB = 384;

// Readers at once: one per core, at most two, so uploads never take every core from the API.
export const READER_PROCESSES_MAX = 2;

// A PDF's compressed content (page contents, fonts, object streams) once decompressed, all its
// streams together. Text-heavy documents of a hundred pages come to a few MB.
export const PDF_MAX_DECODED_BYTES = 32 * 1024 * 1024;
export const PDF_MAX_PAGES = 200;

// A picture's size in pixels (width × height): phones take 12 to 24 megapixels.
export const IMAGE_MAX_PIXELS = 25_000_000;
