/**
 * Signs the administrator in through the gateway at `base` (http://host:port) and returns the token.
 * A few tries: on a loaded machine the gateway now and then drops a connection.
 */
export async function signInAdmin(base, password, tries = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${base}/prod-api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password }),
      });
      const body = await res.json();
      if (body.code !== 200) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return body.data.token;
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }
}
