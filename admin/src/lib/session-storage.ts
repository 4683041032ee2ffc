// The admin has always kept the token and the username in localStorage under these keys.
const tokenKey = 'token';
const usernameKey = 'username';

export function getToken(): string | null {
  return localStorage.getItem(tokenKey);
}

export function getStoredUsername(): string | null {
  return localStorage.getItem(usernameKey);
}

export function saveSession(token: string, username: string): void {
  localStorage.setItem(tokenKey, token);
  localStorage.setItem(usernameKey, username);
}

export function clearSession(): void {
  localStorage.removeItem(tokenKey);
  localStorage.removeItem(usernameKey);
}
