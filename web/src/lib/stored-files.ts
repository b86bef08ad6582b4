import { requestBlob, saveBlob } from './request';

// A user's own uploads (chat attachments, mission files) are private: the gateway serves them only
// through the signed-in download (docs/files.md), so the page fetches them with the session's token
// and saves the blob, never links to them.

/** Saves a stored file (`/profile/...` name) under `saveAs`; a refusal is shown as any request's. */
export async function downloadStoredFile(fileName: string, saveAs: string): Promise<void> {
  const blob = await requestBlob('/common/download/resource', { params: { resource: fileName } });
  saveBlob(blob, saveAs);
}
