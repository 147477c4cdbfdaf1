import * as vscode from "vscode";

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(vscode.commands.registerCommand("symposium.newSession", () => undefined));
}

export function deactivate(): void {}
