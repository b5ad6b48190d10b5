// `npm start --seed none`, without `--` before the mock's options: npm takes `--seed` as a setting of
// its own (it only warns "Unknown cli config"), passes `none` on as an argument, and the mock would
// start without the option, or stop at the stray word with "unknown command 'none'". npm hands such
// settings to the script it runs as npm_config_<name> variables, which is how they are recognised.
import type { Command } from 'commander';

/**
 * A script that starts the mock itself (`node dist/src/cli/cli.js`, `product-catalog-mock --seed none`,
 * with npx or not). A script that runs other programs too (`concurrently "vite" "product-catalog-mock"`)
 * may have been given a setting for one of them: it is not the mock's to refuse.
 */
const STARTS_THE_MOCK = /^(?:npx\s+(?:--?\S+\s+)*)?(?:product-catalog-mock\b|node\s+\S*cli\.js\b)/;

/**
 * The long names (`--seed`) of the options of `command` that npm took as its own settings when it
 * ran a script that starts the mock, and that did not reach the command; empty otherwise.
 */
export function optionsNpmTook(command: Command, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!STARTS_THE_MOCK.test(env.npm_lifecycle_script?.trim() ?? '')) return [];
  return command.options.flatMap((option) => {
    if (option.long === undefined) return [];
    // `--no-tune` arrives as npm_config_tune, `--public-reads` as npm_config_public_reads.
    const setting = `npm_config_${option.long.replace(/^--(no-)?/, '').replaceAll('-', '_')}`;
    const arrived = command.getOptionValueSource(option.attributeName()) === 'cli';
    return env[setting] !== undefined && !arrived ? [option.long] : [];
  });
}

/** What to say about them: what happened, and the command line that works. */
export function npmTookMessage(longNames: readonly string[]): string {
  const [first] = longNames;
  const named = longNames.join(', ');
  const them = longNames.length === 1 ? 'it' : 'them';
  return (
    `error: npm took ${named} as ${longNames.length === 1 ? 'a setting' : 'settings'} of its own, so the mock ` +
    `did not get ${them}: put -- before the mock's options, as in npm start -- ${first} ...`
  );
}
