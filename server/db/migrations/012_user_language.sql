-- The language the app and the mails speak to her (issue 18, item 7): NULL until she picks one,
-- when the app keeps the device's choice and mails follow the request's Accept-Language.
ALTER TABLE users ADD COLUMN language text CHECK (language IN ('en', 'sv'));
