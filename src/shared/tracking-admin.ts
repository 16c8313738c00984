import { endpoint } from './endpoint';
import { trackingBody, trackingSettings } from './tracking';

/** The admin's tracking ids and newsletter settings, the newsletter key masked in both answers. */
export const trackingAdminApi = {
  settings: endpoint({ method: 'GET', path: '/api/admin/tracking', response: trackingSettings }),
  save: endpoint({
    method: 'POST',
    path: '/api/admin/tracking',
    body: trackingBody,
    response: trackingSettings,
  }),
};
