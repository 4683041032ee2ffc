/** Passwords found by an attack on the API: each has 12 characters or more, yet guessing lists reach them quickly. */
export const weakPasswords = ['abcdabcdabcd', 'azertyuiop1234', '123456789abc', 'centreformation2026', 'passwordpassword1'];

export const strongPassphrase = 'Mango river quietly sings 47';
