declare module 'virtual:catalog/*' {
  import type { Messages } from '@shared/i18n/translator';

  const messages: Messages;
  export default messages;
}
