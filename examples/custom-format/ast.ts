/** AST of the example grammar `slash_command.peggy`. */
export interface SlashCommand {
  type: 'slash-command';
  name: string;
  payload: { start: number; end: number };
}
