import { describe, expect, it } from 'vitest';

import { pageApi, screenshot, signInAsAdmin, signInAsNewUser, useBrowser } from './browser';

// Issue 30: the API page (tool/swagger) renders the gateway's OpenAPI document in Swagger UI, and
// "Try it out" sends the administrator's own session; a user without the page's permission gets
// neither the page nor the document.
const browser = useBrowser();

describe('API documentation you can try', () => {
  it("should try GET /getInfo from the API page with the administrator's session", async () => {
    const { context, page } = await signInAsAdmin(browser());
    await page.goto('/tool/swagger');
    await page.getByTestId('swagger-page').waitFor();
    const operation = page.locator('.opblock-get', {
      has: page.locator('.opblock-summary-path[data-path="/getInfo"]'),
    });
    await operation.locator('.opblock-summary').click();
    await operation.locator('.try-out__btn').click();
    await operation.locator('.execute').click();
    const status = operation.locator('.live-responses-table .response .response-col_status');
    await status.first().waitFor();
    expect((await status.first().textContent())?.trim()).toBe('200');
    // The response body as Swagger UI shows it (highlighted JSON).
    const body = await operation
      .locator('.live-responses-table .response-col_description .microlight')
      .first()
      .textContent();
    const answer = JSON.parse(body ?? '{}') as {
      code: number;
      data?: { user?: { userName?: string } };
    };
    expect(answer.code, body ?? '').toBe(200);
    expect(answer.data?.user?.userName, body ?? '').toBe('admin');
    await screenshot(page, 'api-docs-try-it');
    await context.close();
  });

  it('should give a user without the permission neither the page nor the document', async () => {
    const { context, page } = await signInAsNewUser(browser(), 'Api#Docs2026');
    await expect(pageApi(page, 'GET', '/v3/api-docs')).rejects.toThrow(/403/);
    await page.goto('/tool/swagger');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('swagger-page').count()).toBe(0);
    await context.close();
  });
});
