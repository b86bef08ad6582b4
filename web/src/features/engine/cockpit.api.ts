import { COCKPIT_TICKET_API, type CockpitTicketView } from '@platform/contracts';

import { requestData } from '../../lib/request';

/** A one-time ticket for opening Cockpit (30 s); the page shows its own error, so no notice here. */
export function fetchCockpitTicket(): Promise<CockpitTicketView> {
  return requestData<CockpitTicketView>(COCKPIT_TICKET_API, {
    method: 'POST',
    repeatSubmit: false,
    silent: true,
  });
}
