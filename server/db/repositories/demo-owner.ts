/**
 * The demo owner: the system user that owns every demo profile's task (migration 013). It can never
 * log in, and the repositories keep it and its tasks out of everything a person or an administrator
 * lists or counts, so a demo study cannot leak into the Tasks Manager, a history or a limit.
 */
export const DEMO_OWNER_ID = '00000000-0000-4000-8000-00000000d3e0';

/** SQL: a row of a person, not the demo owner (`column` holds a user id). */
export const personOnly = (column: string) => `${column} <> '${DEMO_OWNER_ID}'`;

/**
 * The demo owner's files live under this name (DATA_DIR/files/demo/<task id> locally), where they
 * were kept before demo studies were tasks; every other owner's under their user id.
 */
export const DEMO_FILES_OWNER = 'demo';

/** Whose folder a task's files are in. */
export const filesOwnerOf = (ownerId: string) => (ownerId === DEMO_OWNER_ID ? DEMO_FILES_OWNER : ownerId);
