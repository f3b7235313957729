/**
 * n8n's UX guidelines as the guideline tests quote them (guidelineRules.test.ts,
 * guidelineOutputs.test.ts): each rule's own sentence, and the Heffl node with the Heffl Tool,
 * the variant n8n makes from `usableAsTool`.
 */
import type { INodeTypeDescription } from 'n8n-workflow';

import { Heffl } from '../../nodes/Heffl/Heffl.node';


/** The guidelines' sentences, as docs.n8n.io words them. */
export const SAYS = {
	titleCase:
		'Use Title Case for the node name, parameters display names (labels), dropdown titles.',
	sentenceCase:
		'Use Sentence case for node action names, node descriptions, parameters descriptions (tooltips), hints, dropdown descriptions.',
	action:
		'Action: ... It must be in sentence case and must include the resource (for example, "Delete record").',
	articles: 'Omit articles: To keep the text shorter, get rid of articles (a, an, the…).',
	operationName: "Don't repeat the resource (if the resource selection is above)",
	boolean: "Start the description of boolean components with 'Whether...'",
	placeholder: 'These should start with "e.g."',
	locator:
		'The default option for the Resource Locator Component should be From list (if available).',
	password: 'API key and sensitive credentials should always be password fields.',
	deleted:
		'When deleting an item (like a record or a row), return an array with a single object: {"deleted": true}.',
	simplify:
		'When an endpoint returns data with more than 10 fields, add the "Simplify" boolean parameter to return a simplified version of the output with max 10 fields.',
	output:
		"When an endpoint returns data with more than 10 fields, add the 'Output' option parameter with 3 modes.",
	selectedId: 'By default, this option always returns the ID of the record/entity.',
	sorting: 'Add sorting in a dedicated collection (below the "Options" collection).',
	words: 'Avoid using words like "error", "problem", "failure", "mistake".',
	item: 'Item index: if you have the ID of the item that triggered the error, append [Item X] to the error message.',
};

export const node = new Heffl().description;
/** The Heffl Tool as n8n makes it: the replacements applied, the name ending in Tool. */
export const tool = {
	...node,
	...(typeof node.usableAsTool === 'object' ? node.usableAsTool.replacements : {}),
	name: `${node.name}Tool`,
} as INodeTypeDescription;
