import { EntityId, EntityIds } from './decorators';

/** `/{id}` of any entity. */
export class IdBody {
  @EntityId()
  id!: number;
}

/** `/{ids}` of a batch (delete and the like): one or more ids, "1,2,3" or an array. */
export class IdsBody {
  @EntityIds(1)
  ids!: number[];
}
