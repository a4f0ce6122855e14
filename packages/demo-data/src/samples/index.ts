// Documents drawn as the outside world writes them, for the demo's first start and for tests,
// end-to-end specs and benchmarks that upload them: bankruptcy notices in the courts' shapes,
// customers' dispute letters, and an EXIF capture date stamped on a JPEG. Pure drawing (pdf-lib
// and Buffers), so a test or spec can use them without loading the server.
export {
  drawNotice,
  sampleNoticeFields,
  type SampleNoticeFields,
  type SampleNoticeKind,
  type SampleNoticeOptions,
} from './sample-notices.ts';
export {
  drawDisputeLetter,
  SAMPLE_SENDER,
  type DisputeLetterKind,
  type DisputeLetterOptions,
  type DisputeLetterSender,
} from './sample-dispute-letters.ts';
export { addExifDateTime } from './jpeg-exif-writer.ts';
