import { announcement, announcementBody, banners, bannersBody } from './content';
import { endpoint } from './endpoint';

/** The admin's writes of the announcement and the banners (fans read them through contentApi). */
export const contentAdminApi = {
  /** Empty text clears the announcement. */
  setAnnouncement: endpoint({
    method: 'POST',
    path: '/api/admin/announcement',
    body: announcementBody,
    response: announcement,
  }),
  adminBanners: endpoint({ method: 'GET', path: '/api/admin/banners', response: banners }),
  saveBanners: endpoint({ method: 'POST', path: '/api/admin/banners', body: bannersBody, response: banners }),
};
