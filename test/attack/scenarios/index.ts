/**
 * One attack per finding of issue 13, each against misbehaving loopback servers and
 * through n8n-core (workflow runs, dropdowns, searches, trigger activation, the
 * credential test). Every scenario asserts its own outcome and reports what the
 * suite and the reliability campaign count: where the key went and how long it took.
 * One file per family of attack; the order below is the suite's (test names and the
 * campaign's figures follow it).
 */
import { badParameters } from './badParameters';
import { createFailures } from './createFailures';
import { echoedSecrets } from './echoedSecrets';
import { endlessPaging } from './endlessPaging';
import { htmlAnswers } from './htmlAnswers';
import { keyDestinations } from './keyDestinations';
import { oddAnswerShapes } from './oddAnswerShapes';
import { rateLimitWaits } from './rateLimitWaits';
import { redirects } from './redirects';
import type { Scenario } from './tools';
import { tricklingAnswers } from './tricklingAnswers';

export type { Outcome, Scenario } from './tools';

export const scenarios: Scenario[] = [
	...redirects,
	...keyDestinations,
	...rateLimitWaits,
	...endlessPaging,
	...tricklingAnswers,
	...htmlAnswers,
	...createFailures,
	...echoedSecrets,
	...badParameters,
	...oddAnswerShapes,
];
