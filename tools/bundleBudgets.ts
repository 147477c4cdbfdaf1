/**
 * Size budgets of the bundles that ship, in KB (1,000 bytes) minified: `test/unit/bundleSize.test.ts` holds the
 * production build to them, and `npm run bench` reports each file against its own. Each raise says why.
 */
export const BUNDLE_BUDGETS_KB: Readonly<Record<string, number>> = {
  // Written as UTF-8 (-0.3 KB), it keeps within 200 KB a workspace folder spelled in another case counting as that
  // folder only where the file system finds the same folder there (+0.4 KB; 199,766 bytes).
  // A diff changed after asking past the card's preview flagged, a tool call a card is open about kept when the
  // transcript drops it, content chunks flagged and the transcript held within a character budget (+2.1 KB, to
  // 201.9 KB); the policy's path resolution then left for dist/policyPaths.js, required on first use (-9.1 KB).
  // The program tables Manage Permissions reads followed it there (-3.8 KB; 196,014 bytes after). 200 -> 201: asking
  // the person about the folders a `.code-workspace` file lists outside its own folder, and the command that asks
  // again (+2.3 KB; 198,705 -> 200,997 bytes). 201 -> 202: Manage Permissions lists those folders once counted as
  // inside and takes each back (+0.9 KB; 201,869 bytes). 202 -> 204: and `symposium.additionalFolders`, each
  // removed from user settings there (+1.4 KB; 203,312 bytes). 204 -> 205: the workspace file's folders picked one
  // by one (+0.3 KB) and the running turn's duration in the session header (+0.1 KB; 204,055 bytes). 205 -> 200:
  // the client's answers to agents' calls (clientHandlers, largeAnswers) and the read of the editor's own processes
  // left for dist/acpRuntime.js, since only a connected agent reaches them (-4.8 KB; 199,437 bytes). 200 -> 202: a
  // history batch starting a line of its own after a write a full disk cut short (+0.2 KB, at 199,990 bytes before),
  // a patch shown a part per file under its own file's name, and the changes, parts and locations a tool call holds
  // past what is shown said to be there (+1.2 KB; 201,480 bytes). 202 -> 203: who moved a session into acting
  // without asking told from the agent's answer, a v2 agent's state held to the session's start and its own work a
  // turn Stop cancels, and a card's locations kept as it asked about them (+1.0 KB; 202,496 bytes). 203 -> 207: a
  // large v1 diff shown by its change (common lines found on the characters, else one replacement: +1.3 KB), a
  // protected write asked about with its diff, as a tool call of Symposium's (+0.9 KB), an agent's words quoted
  // apart in Symposium's notices, returned context under new ids, the person's mode changes kept with their answers,
  // history exports with their gaps, session grants named by tab (+1.8 KB; 206,771 bytes). 207 -> 210: the rule an
  // answer came by a field of its own in the history, its rotation under a lock, a tool call changed after its
  // answer flagged and one a turn left open settled, notifications spaced rather than one at a time, agents started
  // in the home folder, deny and ask rules that cannot be read holding every request (+2.8 KB; 209,554 bytes).
  // 210 -> 211: what an answer was to taken when it comes (paths, diffs' digests, raw input) and a stale rotation
  // lock taken over safely (+1.0 KB; 210,612 bytes). 211 -> 212: an earlier turn's message or plan named again
  // shown anew at the end (+0.7 KB; 211,268 bytes). 212 -> 213: the sign-in choice closed with its tab, Resume
  // holding its connection while the person picks, a closed tab's turn watched to its end with Stop's kill armed
  // (+1.2 KB; 212,481 bytes). 213 -> 214: Bypass on a card confirmed in VS Code's modal dialog, which the webview
  // cannot answer (+1.2 KB with its wording; 213,670 bytes). 214 -> 216: a failed tab's agent ended with the last
  // failed tab, no sign-in for a closed tab, and Manage Permissions listing and forgetting a yes to a mode that acts
  // without asking (+1.4 KB; 215,115 bytes). 216 -> 219: Qwen Code's plan exit read as a mode switch, and its
  // questions to the person carried to the card, checked when answered and never answered automatically (+3.1 KB;
  // 218,170 bytes). 219 -> 220: an agent's forms (ACP form elicitation) on a card, each field's answer checked against
  // its kind and bounds when submitted (+1.7 KB; 219,917 bytes; reading the form is the ACP runtime's). 220 -> 221:
  // an option named with a yes and a no named by what it does first in decision records and the history (+0.2 KB,
  // at 219,985 bytes before). 221 -> 222: a tool call's command folder for its card, more words for modes that act
  // without asking, a prompt's late error kept to its own turn, an agent's unread input capped (+0.9 KB; 221,909
  // bytes); the file itself ships brotli-compressed since (`esbuild.config.mjs`), this budget is of its code.
  // 222 -> 223: a command's folder named by `~`, `$HOME`, another variable or `..` said as such on its card (+0.2 KB;
  // 222,115 bytes). 223 -> 228: the approval history opened without following links or waiting on a pipe, one write
  // in flight per file and rows read back rebuilt from their columns (+1.6 KB), a message the queue cannot take, one
  // a v2 agent never read and a refused prompt's files given back (+1.5 KB), workspace rule sources capped together
  // and a glob's choices counted (+1.3 KB), history refreshes spaced by their cost (+0.5 KB; 227,305 bytes). 228 ->
  // 230: an answered tool call turned into another action flagged, a value renamed past what the person confirmed
  // counted as the agent's move, the values a person confirmed kept with their levels, and the tab Try again made and
  // the agent session a tab holds named for the view's drafts (+1.8 KB; 229,111 bytes). 230 -> 231: the view's
  // script of a packaged build written out of its brotli file, and the view saying so when it cannot be (+1.2 KB;
  // 230,355 bytes), for 8.5 KB less of the .vsix. 231 -> 233: a card's option that switches the agent to a mode that
  // acts without asking confirmed in VS Code's dialog, one such dialog open per agent and level, and a page's `ready`
  // again answered spaced, found by a review assuming a compromised page (+2.0 KB; 232,379 bytes).
  "extension.js": 233,
  // 150 until the session controls, slash commands, grant editor, pending list and reject reason came in (+20 KB);
  // `marked`'s lexer is a third of it and the next thing to cut. 165 -> 167: the session options button that
  // folds the agent's other controls into one row of the composer (+1.2 KB). 167 -> 169: the chips of what goes
  // with the next message and the composer's Add files button (Add to Message, +1.5 KB). 169 -> 171: images
  // pasted into the message box, checked and refused with a note in the composer (+1.5 KB). 171 -> 172: Send
  // while the agent works, and Edit (or Up) to take a waiting message back into the box (+1 KB). 172 -> 176: the
  // `@` list of the workspace's files in the message box, on a suggest list it shares with `/` (+3.3 KB).
  // 176 -> 178: the empty session's hint, Copy on each code block of an agent's message, and the `@` list saying
  // that no file matches (+1.1 KB). 178 -> 180: Try again and Open settings on a failed start, folders in the `@`
  // list, the picker offering the agent last started, the hint of a reopening session (+1.5 KB). 180 -> 186: a
  // streaming message updated in place, the way back to the end, drafts and reading places kept while the view is
  // hidden, Up and Down through the messages sent earlier, Try again keeping the draft (+6.4 KB). 186 -> 187: a
  // terminal whose output the host let go says so, and each row of the pending list says what the request runs
  // (+0.5 KB, at 185,979 bytes before). 187 -> 189: a command too long to send whole shows its start and its end
  // and says how many characters the card does not show (+1.3 KB, at 186,923 bytes before). 189 -> 190: an option
  // named for the opposite answer says what it does, tabs that read alike are numbered, a card pinned in another
  // session's view names its session (+1.6 KB, at 188,283 bytes before). 190 -> 191: Stop, a turn's end and a
  // failed start leaving the keyboard on the composer or Try again instead of the page, and the waiting cards'
  // heading counting those on their tool calls above (+0.8 KB, at 189,918 bytes before). 191 -> 192: an answer handing
  // the keyboard on to the next waiting card, the way back to the end kept off a waiting card (+0.5 KB), and hidden
  // characters marked in an agent's prose, thoughts, plan, errors and decision records (+0.3 KB). 192 -> 195: a
  // Markdown table shown up to 2,000 cells with a line saying what it leaves out, which spares lexing and building
  // the rest with every streamed chunk (+0.9 KB, at 191,927 bytes before), and a reason being written on a card kept
  // while the view is hidden, the draft said when a session is closed (+0.9 KB; 194.0 KB after both). 195 -> 196:
  // a streamed list keeps the items no later text can change, instead of lexing and building all of them with
  // every chunk (+1.4 KB, at 194,497 bytes before). 196 -> 197: lookalike capitals, small capitals and every
  // character that renders as nothing read as they look in option names and tab labels (+0.3 KB).
  // `marked` was 51.6 KB of the file, all of it kept although only its lexer is used: its module ends in
  // assignments to its default instance, which no bundler can drop. esbuild.config.mjs reads it without that end
  // (marked-lexer-only), which leaves its parser and renderers out (-11.4 KB, at 196,261 bytes before).
  // 197 -> 190 after it and a streamed code block, quote and nested list grown in place (+4.3 KB; 189,222 bytes).
  // 190 -> 191: a card that cards coming or going move on screen gets a fresh click guard, and the transcript held
  // within the host's character budget (+0.9 KB; 190.4 KB after). vscode-elements' styles then minified as CSS
  // (minified-element-styles, -2.4 KB; 188,561 bytes after). 191 -> 192: the moved-card guard measures the cards in
  // sight, found by halving, not every card, 7-11 ms a message with 1,000 waiting (+0.5 KB, at 190,863 bytes before).
  // 192 -> 193: how long the turn has worked, counted in the session bar (+1.1 KB; 192,592 bytes). 193 -> 194: an
  // agent's own tool kind shown as its word, not as the ACP's, and the notes a card gives of what its tool call holds
  // past what is shown (+0.4 KB; 193,161 bytes). 194 -> 195: tab labels that name the agent after a title taking
  // another's name, hidden characters marked in the person's messages, the announcer keeping a card's line whatever
  // comes after it, what a card runs read first to screen readers, and focus left off other cards while typing
  // (+1.2 KB; 194,320 bytes). 195 -> 196: an agent's words in Symposium's notices quoted apart, a reopened session's
  // messages named as the agent's replay, deep indentation in a diff line drawn as one mark (+0.4 KB; 195,131 bytes).
  // 196 -> 197: a tool call changed after its answer said so, the live region's writes no longer put off by a stream
  // of announcements, plan steps past those shown counted (+0.9 KB; 196,058 bytes). 197 -> 196: Bypass's confirmation
  // left the card for the host's modal dialog (-1.3 KB; 195,125 bytes). 196 -> 198: an agent's questions on its
  // card, each with its choices and a field for the person's own words (+2.1 KB; 197,245 bytes). 198 -> 199: a form's
  // text and number fields with the agent's bounds, checked before Submit sends, and a note that what is filled in
  // goes to the agent (+1.3 KB; 198,536 bytes). 199 -> 200: a text field's length counted as the agent counts it
  // (code points), with the host's own check and its words on the field (+0.7 KB), and an optional choice's pick
  // taken back with Clear choice (+0.4 KB; 199,653 bytes). 200 -> 201: what a card's questions and form fields
  // are given kept while the view is hidden, as a reason being written is (+1.1 KB; 200,758 bytes). 201 -> 202: an
  // option named with a yes and a no ("Confirm: Reject") named by what it does first (+0.3 KB; 201,014 bytes), and
  // a link whose words name another host saying its own (+0.4 KB; 201,432 bytes). 202 -> 203: a command's colour
  // codes marked instead of stripped (stripping took the shell's `;`), its typographic quotes marked, and the folder
  // a tool call's command runs in shown (+0.6 KB; 202,044 bytes). 203 -> 204: the drafts a window reload left in
  // the tabs it closed kept for the tabs that reopen their sessions (+0.5 KB; 203,465 bytes).
  "webview.js": 204,
};
