/** Ids of the seeded roles and department (stable, referenced by code). */
export const ROLE_IDS = { admin: 1, default: 2, company: 3 } as const;
export const ROOT_DEPT_ID = 100;
