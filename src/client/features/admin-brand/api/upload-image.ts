import { apiRequest } from '@client/lib/api-client';
import { uploadResponse } from '@shared/uploads';
import { useMutation } from '@tanstack/react-query';

/** POST /api/objects/upload (multipart field `file`): the server checks, re-encodes and stores it. */
export function uploadImage(file: File) {
  const body = new FormData();
  body.append('file', file);
  return apiRequest('/api/objects/upload', uploadResponse, { method: 'POST', body });
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}
