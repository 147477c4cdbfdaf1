import * as vscode from "vscode";

/**
 * Opens a checked http(s) address exactly as it was checked and shown. Given a `Uri`, VS Code opens it decoded and
 * encoded again, so a signed link's "%2B" arrives as "+" and an encoded "&" or "=" splits a sign-in page's parameter
 * (microsoft/vscode#173239); given the string, which its API takes at run time, it opens it as written. VS Code still
 * asks before a domain it does not trust.
 */
export function openAddress(address: string): void {
  void vscode.env.openExternal(address as unknown as vscode.Uri);
}
