//===- AsyncWork.h - How long asynchronous work uses a buffer ---*- C++ -*-===//
//
// `gpu.launch async`, `gpu.memcpy async`, `async.execute` and their kin
// return before their work is done: a buffer they use stays in use until
// the host waits for the token they give (`gpu.wait`, `async.await`). A DMA
// transfer (`affine.dma_start`, `memref.dma_start`) goes on until a
// `dma_wait` on its tag. This follows each token or tag to the waits, so
// that the buffer's lifetime reaches them, or says why it cannot.
//
//===----------------------------------------------------------------------===//

#ifndef MEMPLAN_ANALYSIS_ASYNCWORK_H
#define MEMPLAN_ANALYSIS_ASYNCWORK_H

#include "memplan/Analysis/LeftAlone.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace memplan {

/// Whether `type` is an async token: `!gpu.async.token`, `!async.token` or
/// `!async.value`.
bool isAsyncToken(mlir::Type type);

/// Whether `op` gives an async token (a `!gpu.async.token`, `!async.token`
/// or `!async.value`): its work may go on after it returns.
bool startsAsynchronousWork(mlir::Operation *op);

/// Adds to `users` every op that the tokens of `asyncOp` reach, through
/// further asynchronous ops, up to the host's waits: a buffer that `asyncOp`
/// uses is live until the last of them. Fails, with the reason to leave the
/// buffer alone, when a token reaches an op this does not follow (a return,
/// a call, a group) or when no blocking wait is certain to run after
/// `asyncOp` (one in the block of `asyncOp` or of an op enclosing it, later
/// in program order).
std::optional<LeftAlone>
addUsesUntilWaited(mlir::Operation *asyncOp,
                   llvm::SetVector<mlir::Operation *> &users);

/// Whether `op` starts a DMA transfer (`affine.dma_start`,
/// `memref.dma_start`), which copies until a `dma_wait` on its tag.
bool startsDmaTransfer(mlir::Operation *op);

/// Whether `op` waits for the DMA transfers of a tag (`affine.dma_wait`,
/// `memref.dma_wait`). It touches no memory but its tag's.
bool waitsForDmaTransfer(mlir::Operation *op);

/// Whether `op` starts a copy that goes on after it returns and whose end
/// memplan does not follow: NVIDIA's TMA bulk copies
/// (`nvgpu.tma.async.load`, `nvgpu.tma.async.store`), which a later
/// `cp.async.bulk.wait_group` or an mbarrier completes, and which may write
/// the shared memory of other blocks of a cluster.
bool startsUnfollowedCopy(mlir::Operation *op);

/// Adds to `users` every DMA wait on the tag memref of `dmaStart`: a buffer
/// the transfer copies, or its tag, is live until the last of them. Fails,
/// with the reason to leave the buffer alone, when no wait on the start's
/// own tag element is certain to run after it (later in the block of
/// `dmaStart` or of an op enclosing it) within the same execution of
/// `bufferBlock`, the block the buffer is allocated in: a buffer allocated
/// in a loop and waited for after it would be in use in the next iteration,
/// which allocates it again.
std::optional<LeftAlone>
addUsesUntilDmaWaited(mlir::Operation *dmaStart, mlir::Block *bufferBlock,
                      llvm::SetVector<mlir::Operation *> &users);

} // namespace memplan

#endif // MEMPLAN_ANALYSIS_ASYNCWORK_H
