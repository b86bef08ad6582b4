/** The ledger's operator of an administrator's action (billing knows users by id only). */
export function operatorOf(userId: number | undefined): string {
  return userId ? `admin:${userId}` : 'system';
}
