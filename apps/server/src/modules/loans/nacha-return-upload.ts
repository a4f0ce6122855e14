import { readNachaReturns, type NachaReturnFile } from './nacha-returns.ts';
import { isNachaReturnCode } from './return-codes.ts';

// Runs in the upload sandbox (platform/upload-sandbox.ts, decision 039), never on the API's thread:
// an uploaded return file of up to 10 MB is read line by line in a reader process, under its time
// and memory caps, and only what it holds comes back.
export function readNachaReturnUpload(content: Uint8Array): NachaReturnFile {
  return readNachaReturns(Buffer.from(content).toString('latin1'), isNachaReturnCode);
}
