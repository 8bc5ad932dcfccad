/**
 * Said when a start creates and migrates an empty database, the one start that takes seconds
 * (issue 41.2), so a person watching the console knows why nothing else is printed yet.
 */
export const FIRST_PREPARATION_MESSAGE = 'Preparing the database for the first time…';
