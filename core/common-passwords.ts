/**
 * Passwords long enough for the length rule that are still among the first ones tried against any
 * login (well-known entries of published leak lists, 8 characters and more). Compared without
 * case. Shared by the forms and the server, so it stays small.
 */
const COMMON = [
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'passwort', 'motdepasse',
  '12345678', '123456789', '1234567890', '0123456789', '87654321', '987654321', '11111111', '00000000', '22222222', '55555555',
  '66666666', '88888888', '99999999', '12341234', '11223344', '12121212', '123123123', '147258369', '123456789a', '12345678a',
  '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'zaq12wsx', 'qazwsxedc', 'qweasdzxc', '123qweasd', '1234qwer', 'qwer1234', 'qwertyui',
  'qwertyuiop', 'qwerty123', 'qwerty12', 'qwerty1234', 'asdfghjk', 'asdfghjkl', 'asdf1234', 'zxcvbnm1', 'zxcvbnm123', 'abc12345',
  'abcd1234', 'a1b2c3d4', 'aa123456', 'abcdefgh', 'iloveyou', 'iloveyou1', 'sunshine', 'princess', 'football', 'baseball',
  'basketball', 'welcome1', 'welcome123', 'trustno1', 'superman', 'starwars', 'whatever', 'letmein1', 'michelle', 'jennifer',
  'jessica1', 'charlie1', 'computer', 'internet', 'changeme', 'admin123', 'administrator', 'master123', 'monkey123', 'dragon123',
  'football1', 'princess1', 'sunshine1', 'liverpool', 'chocolate', 'butterfly', 'elizabeth', 'christina', 'alexander', 'michael1',
  'mammogram', 'mammography',
];
const SET = new Set(COMMON);

export function isCommonPassword(password: string): boolean {
  return SET.has(password.trim().toLowerCase());
}
