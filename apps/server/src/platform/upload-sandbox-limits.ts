// The caps every uploaded file is read under (decision 039). Shared by the sandbox (time and
// memory, enforced from outside the reader) and the readers themselves (decoded bytes, pages,
// pixels, enforced as they read).

// CPU time a reader may spend on one file (not counting the time it waits in the queue; wall
// time may run to twice this, at least 10 s, on a busy machine).
// Our own two-page notices read in about 50 ms; 5 s is a hundred times that.
export const READ_TIME_LIMIT_MS = 5_000;
// Photos decode in pure JavaScript (a 4-megapixel JPEG takes one to two seconds), so they get longer.
export const IMAGE_READ_TIME_LIMIT_MS = 10_000;

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
