// Thrown by a reader in the upload sandbox when a file breaks one of the caps or is not what it
// claims to be: the message is the rest of a sentence that starts with the file's name
// ("is too large once decompressed ..."), shown to whoever uploaded it.
export class FileRefusal extends Error {
  override name = 'FileRefusal';
}
