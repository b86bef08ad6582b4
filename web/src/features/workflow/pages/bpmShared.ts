import { requestData } from '../../../lib/request';
import type { AssignSources } from '../assign';

/** Where the form editor returns: the model page with its forms showing. */
export const FORMS_TAB_PATH = '/bpm/manager/model?tab=forms';

/** Every user, for assignees and work-group members: one cached request for the page. */
export const ALL_USERS = {
  queryKey: ['assign', 'users'],
  queryFn: () => requestData<AssignSources['users']>('/system/user/list-all-simple'),
};
