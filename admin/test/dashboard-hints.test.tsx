import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { describedBy } from './support/described-by.ts';
import { adminAccount, blogSummary, signedIn } from './support/fixtures.ts';
import { json, mockApi } from './support/mock-api.ts';
import { renderApp } from './support/render-app.tsx';

function dashboardApi() {
  return mockApi({
    ...signedIn(),
    'GET /api/blog': () => json([blogSummary()]),
    'GET /api/auth': () => json([adminAccount(), adminAccount({ _id: 3, username: 'Aline' })]),
  });
}

describe('the words around the dashboard’s labels', () => {
  it("says that 'Total Users' counts the admin accounts, as the counter's description", async () => {
    dashboardApi();
    renderApp('/dashboard');

    // The label stays the spec's, and the link's name short: the hint is its description.
    const users = await screen.findByRole('link', { name: /^Total Users\s*2\s*Admin accounts$/ });
    expect(describedBy(users)).toBe("The people who can sign in here, not the site's visitors.");
  });

  it("explains what 'Republish site' does, tied to the button", async () => {
    dashboardApi();
    renderApp('/dashboard');

    const republish = await screen.findByRole('button', { name: 'Republish site' });
    expect(describedBy(republish)).toMatch(
      /^“Republish site” rebuilds the public site from the posts and content as they are now/,
    );
  });
});
