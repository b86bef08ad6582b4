/// <reference types="vite/client" />

declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

interface ImportMetaEnv {
  /** Port of the plain socket channel when the page is not served over https (spec §7: 5565). */
  readonly VITE_SOCKET_PORT?: string;
}
