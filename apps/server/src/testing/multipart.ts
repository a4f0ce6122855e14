// An upload built as a browser builds it (FormData), for the calls that take files.

export type UploadFile = { name: string; content: Uint8Array; type?: string };

export async function multipartBody(files: UploadFile[], field = 'files[]') {
  const form = new FormData();
  for (const file of files)
    form.append(field, new Blob([new Uint8Array(file.content)], { type: file.type ?? 'application/pdf' }), file.name);
  const response = new Response(form);
  return {
    contentType: response.headers.get('content-type') ?? '',
    payload: Buffer.from(await response.arrayBuffer()),
  };
}
