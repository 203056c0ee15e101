/** Ids are looked up in the database, never joined into paths; this only keeps junk out early. */
export const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const ID_MESSAGE = '编号不正确';
