import { apiRequest, callEndpoint } from '@client/lib/api-client';
import { refreshSquadQueries } from '@client/lib/squad-queries';
import { type PlayerBody, squadApi } from '@shared/squad';
import { uploadResponse } from '@shared/uploads';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** POST /api/admin/players: a custom player. */
export function createPlayer(body: PlayerBody) {
  return callEndpoint(squadApi.createPlayer, { body });
}

/** PUT /api/admin/players/:id: name, position and jersey number. */
export function updatePlayer(id: number, body: PlayerBody) {
  return callEndpoint(squadApi.updatePlayer, { params: { id }, body });
}

/** POST /api/players/:id/upload-image, multipart field `image` (PNG or JPG, 5 MB). */
export function uploadPlayerImage(id: number, file: File) {
  const form = new FormData();
  form.append('image', file);
  return apiRequest(`/api/players/${id}/upload-image`, uploadResponse, { method: 'POST', body: form });
}

/** POST /api/admin/update-player-images: images from the football-data provider. */
export function updatePlayerImages() {
  return callEndpoint(squadApi.updateImages, {});
}

export function useCreatePlayer() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createPlayer, onSettled: () => refreshSquadQueries(queryClient) });
}

/** The details, then the new image when one was chosen. */
export function useEditPlayer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, image }: { id: number; body: PlayerBody; image: File | null }) => {
      await updatePlayer(id, body);
      if (image) await uploadPlayerImage(id, image);
    },
    onSettled: () => refreshSquadQueries(queryClient),
  });
}

export function useUpdatePlayerImages() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updatePlayerImages, onSettled: () => refreshSquadQueries(queryClient) });
}
