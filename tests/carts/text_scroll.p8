pico-8 cartridge // http://www.pico-8.com
version 42
__lua__
-- text_scroll: print without coordinates scrolls the screen. one cursor print per frame
-- for 30 frames without cls: the screen memory (text and the shapes drawn beside it)
-- moves up, the bottom is cleared; a tall line scrolls by its own height; \^c clears.
-- frames: 30
f=0
function _draw()
 f+=1
 if f==1 then cls(1) print("\^c1first page, cleared") end
 if f==20 then circfill(100,100,12,8) end
 if f==24 then print("\^ttall line "..f,12) return end
 if f==26 then print("two\nlines "..f,11) return end
 print("line "..f.." "..sub("abcdefghijklmnop",1,f%16),f%15+1)
end
