/**
 * Uploaded studies, their images and the outbox's mails (live reset links) are for the server's
 * user alone: files 0600, folders 0700, whatever the umask.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;
