// Engine operations: Operaton's webapps (Cockpit, Tasklist, Admin) reached through the gateway with the
// platform's sign-in. The browser's session is a bearer token the browser keeps in storage, which a
// top-level navigation cannot send, so the console first asks for a short-lived one-time ticket and opens
// the gateway's sign-on address with it; the gateway trades it for a cookie scoped to the webapp path.

/** The engine's webapp path, served by the gateway at the same path so the webapps' absolute links work. */
export const ENGINE_WEBAPP_PATH = '/operaton';

/** Where Cockpit starts, under the webapp path. */
export const COCKPIT_START_PATH = `${ENGINE_WEBAPP_PATH}/app/cockpit/default/`;

/** The gateway's sign-on address that trades a ticket for the webapp cookie (`?ticket=…`). */
export const ENGINE_SSO_PATH = `${ENGINE_WEBAPP_PATH}/sso`;

/** How long a ticket may wait before it is used (it is also used only once). */
export const COCKPIT_TICKET_TTL_SECONDS = 30;

/** API path (under /prod-api) that hands out a ticket; needs `engine:ops:view`. */
export const COCKPIT_TICKET_API = '/engine/cockpit/ticket';

/** Answer of `POST /prod-api/engine/cockpit/ticket`. */
export interface CockpitTicketView {
  /** One-time ticket, valid for `expiresInSeconds`. */
  ticket: string;
  /** Same-origin address to navigate to: the sign-on address with the ticket, which then goes to Cockpit. */
  url: string;
  expiresInSeconds: number;
}
