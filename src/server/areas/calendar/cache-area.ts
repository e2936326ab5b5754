/**
 * The PublicCache area of the public calendar list and the feed. Every write of an
 * appointment drops it, and so does renaming a group, whose name is the public `section`.
 */
export const CALENDAR_CACHE_AREA = 'calendar';
