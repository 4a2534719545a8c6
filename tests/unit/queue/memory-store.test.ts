import { MemoryOutboxStore } from '@/lib/queue/memory-store';
import { describeStoreContract } from './store-contract';

describeStoreContract('MemoryOutboxStore', async () => new MemoryOutboxStore());
