/**
 * The Heffl node's resources, in the order of the reference: one entry each, one file
 * each. A new resource is a new file here and one line in this list; the node's
 * parameters, its execution, its pickers and its subtitle all follow from the entry.
 */
import type { ResourceSpec } from '../schema';
import { client } from './client';
import { clientStage } from './clientStage';
import { company } from './company';
import { contact } from './contact';
import { crmSource } from './crmSource';
import { customField } from './customField';
import { deal } from './deal';
import { documentTemplate } from './documentTemplate';
import { invoice } from './invoice';
import { lead } from './lead';
import { leadSource } from './leadSource';
import { leadStage } from './leadStage';
import { pipeline } from './pipeline';
import { pipelineStage } from './pipelineStage';
import { product } from './product';
import { quotation } from './quotation';
import { tag } from './tag';
import { task } from './task';
import { user } from './user';
import { webhookSubscription } from './webhookSubscription';

export const RESOURCES: readonly ResourceSpec[] = [
	lead,
	client,
	contact,
	company,
	deal,
	quotation,
	task,
	pipeline,
	pipelineStage,
	leadStage,
	leadSource,
	tag,
	product,
	user,
	clientStage,
	crmSource,
	customField,
	documentTemplate,
	invoice,
	webhookSubscription,
];
